package ai.neura.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}

/// <reference path="./web-push-types.d.cts" />
// web-push 3.6.7 ships no types: its declaration is web-push-types.d.cts (a script, so ambient).
import webpush from 'web-push';

export default webpush;

import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A QR code as SVG squares (the authenticator app's `otpauth://` link; no markup injected). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const cells = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value);
    qr.make();
    const n = qr.getModuleCount();
    const dark: Array<[number, number]> = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) dark.push([r, c]);
    return { n, dark };
  }, [value]);
  const size = cells.n + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${size} ${size}`}
      className="h-48 w-48 rounded-lg bg-white"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <path fill="#000" d={cells.dark.map(([r, c]) => `M${c} ${r}h1v1h-1z`).join('')} />
    </svg>
  );
}

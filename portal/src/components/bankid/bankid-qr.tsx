import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * The animated QR code as an SVG of its modules (drawn here: no data: URL, no inner HTML, so the
 * portal's Content-Security-Policy stays as it is). `data` changes every second.
 */
export function BankIdQr({ data, label }: { data: string; label: string }) {
  const { size, cells } = useMemo(() => {
    const { modules } = QRCode.create(data, { errorCorrectionLevel: 'L' });
    const dark: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) dark.push(`M${column} ${row}h1v1h-1z`);
      }
    }
    return { size: modules.size, cells: dark.join('') };
  }, [data]);
  const quiet = 4;
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr={data.split('.')[2]}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      width={220}
      height={220}
      shapeRendering="crispEdges"
      style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <path d={cells} fill="#000" />
    </svg>
  );
}

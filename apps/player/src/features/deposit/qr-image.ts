/**
 * The deposit QR as a PNG to keep in the phone's photos, for paying from the same phone (a bank app scans a saved
 * picture): the QR on white with the amount and the time it expires drawn on it, in the page's font. Loaded only when
 * the member taps "save QR as image" (qr-panel.tsx).
 */
type QrImage = { svg: string; amount: string; expires: string; caption: string; brand: string };

const WIDTH = 720;

function loadSvg(svg: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('qr image: the QR did not load'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** Draws the QR card and answers it as a PNG blob. */
export async function renderQrImage(qr: QrImage): Promise<Blob> {
  await document.fonts?.ready;
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const image = await loadSvg(qr.svg);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = 1060;
  const c = canvas.getContext('2d');
  if (!c) throw new Error('qr image: no 2d canvas');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, canvas.width, canvas.height);
  c.fillStyle = '#7c3aed';
  c.fillRect(0, 0, WIDTH, 12);
  c.textAlign = 'center';
  c.textBaseline = 'top';
  c.fillStyle = '#111827';
  c.font = `700 30px ${family}`;
  c.fillText(qr.brand, WIDTH / 2, 40);
  c.font = `800 60px ${family}`;
  c.fillText(qr.amount, WIDTH / 2, 96);
  // the QR drawn without smoothing: its modules stay sharp for a scanner reading the saved picture
  c.imageSmoothingEnabled = false;
  c.drawImage(image, 120, 190, 480, 480);
  c.fillStyle = '#dc2626';
  c.font = `700 32px ${family}`;
  c.fillText(qr.expires, WIDTH / 2, 700);
  c.fillStyle = '#4b5563';
  c.font = `500 24px ${family}`;
  const words = qr.caption.split(' ');
  let line = '';
  let y = 770;
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (c.measureText(next).width > WIDTH - 96 && line) {
      c.fillText(line, WIDTH / 2, y);
      y += 34;
      line = word;
    } else line = next;
  }
  if (line) c.fillText(line, WIDTH / 2, y);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('qr image: no image'))), 'image/png'),
  );
}

/**
 * A receipt drawn as a PNG, like a bank's e-slip: brand, title, the amount large, then label/value lines, on a canvas
 * in the page's own font (so Thai and Lao read as on screen). Loaded only when a member shares or saves a receipt
 * (statement/receipt-sheet.tsx), so neither the statement route nor the first load carries it.
 */
type ReceiptImage = {
  brand: string;
  title: string;
  amount: string;
  /** the amount's colour: money in, money out, or neither (a failed or cancelled move) */
  tone: 'in' | 'out' | 'neutral';
  status: string;
  lines: ReadonlyArray<{ label: string; value: string }>;
};

const WIDTH = 720;
const PAD = 48;
const COLOURS = { bg: '#ffffff', fg: '#111827', muted: '#6b7280', line: '#e5e7eb', in: '#059669', out: '#dc2626' };

/** Wraps a value to the width it may take (by words, else by characters for scripts written without spaces). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const char of Array.from(text)) {
    const next = current + char;
    if (context.measureText(next).width > width && current) {
      const space = current.lastIndexOf(' ');
      if (space > 0 && char !== ' ') {
        lines.push(current.slice(0, space));
        current = current.slice(space + 1) + char;
      } else {
        lines.push(current);
        current = char === ' ' ? '' : char;
      }
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

function fontFamily(): string {
  return getComputedStyle(document.body).fontFamily || 'sans-serif';
}

/** Draws the receipt and answers it as a PNG blob. */
export async function renderReceipt(receipt: ReceiptImage): Promise<Blob> {
  await document.fonts?.ready;
  const family = fontFamily();
  const canvas = document.createElement('canvas');
  const measure = canvas.getContext('2d');
  if (!measure) throw new Error('receipt: no 2d canvas');
  const valueWidth = WIDTH - PAD * 2 - 220;
  measure.font = `500 26px ${family}`;
  const wrapped = receipt.lines.map((line) => ({ ...line, rows: wrap(measure, line.value, valueWidth) }));
  const height = 330 + wrapped.reduce((sum, line) => sum + 24 + line.rows.length * 36, 0) + 90;
  canvas.width = WIDTH;
  canvas.height = height;
  const c = canvas.getContext('2d')!;
  c.fillStyle = COLOURS.bg;
  c.fillRect(0, 0, WIDTH, height);
  c.fillStyle = '#7c3aed';
  c.fillRect(0, 0, WIDTH, 12);
  c.textBaseline = 'top';
  c.fillStyle = COLOURS.fg;
  c.font = `700 30px ${family}`;
  c.fillText(receipt.brand, PAD, 44);
  c.fillStyle = COLOURS.muted;
  c.font = `500 26px ${family}`;
  c.fillText(receipt.title, PAD, 92);
  c.textAlign = 'center';
  c.fillStyle = COLOURS[receipt.tone === 'neutral' ? 'fg' : receipt.tone];
  c.font = `800 64px ${family}`;
  c.fillText(receipt.amount, WIDTH / 2, 156);
  c.fillStyle = COLOURS.muted;
  c.font = `600 28px ${family}`;
  c.fillText(receipt.status, WIDTH / 2, 240);
  c.textAlign = 'left';
  c.fillStyle = COLOURS.line;
  c.fillRect(PAD, 300, WIDTH - PAD * 2, 2);
  let y = 330;
  for (const line of wrapped) {
    c.fillStyle = COLOURS.muted;
    c.font = `500 24px ${family}`;
    c.fillText(line.label, PAD, y + 2);
    c.fillStyle = COLOURS.fg;
    c.font = `600 26px ${family}`;
    c.textAlign = 'right';
    for (const [index, row] of line.rows.entries()) c.fillText(row, WIDTH - PAD, y + index * 36);
    c.textAlign = 'left';
    y += 24 + line.rows.length * 36;
  }
  c.fillStyle = COLOURS.line;
  c.fillRect(PAD, y + 12, WIDTH - PAD * 2, 2);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('receipt: no image'))), 'image/png'),
  );
}

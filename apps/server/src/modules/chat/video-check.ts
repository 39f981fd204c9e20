/**
 * A structural check of an mp4 / quicktime file beyond its magic bytes: walks the top-level boxes and refuses a file
 * whose boxes overrun its length (a truncated upload: docs/dependencies.md found metadata parsers pass those) or that
 * has no `moov` box (nothing playable). Returns false when the file is not a well-formed ISO-BMFF file.
 */
export function isCompleteMp4(data: Buffer): boolean {
  let offset = 0;
  let sawMoov = false;
  while (offset < data.length) {
    if (offset + 8 > data.length) return false;
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    let header = 8;
    if (size === 1) {
      if (offset + 16 > data.length) return false;
      const big = data.readBigUInt64BE(offset + 8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = data.length - offset;
    }
    if (size < header || offset + size > data.length) return false;
    if (type === 'moov') sawMoov = true;
    offset += size;
  }
  return sawMoov;
}

// Shares or saves a PNG the app drew (a receipt, a deposit QR): imported only by the lazy chunks that draw them.

/**
 * Hands the image to the phone's share sheet (Web Share with a file) where it can take files, else downloads it.
 * Answers what happened; a share the member cancelled is `cancelled`, not a failure.
 */
export async function shareOrSave(
  blob: Blob,
  fileName: string,
  title: string,
): Promise<'shared' | 'saved' | 'cancelled'> {
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // a share sheet that refused (no permission, not from a tap): fall back to saving the file
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'saved';
}

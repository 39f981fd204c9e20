/**
 * Operator-written HTML (a banner's caption) drawn in a sandboxed frame: no scripts, no same-origin access, so a
 * caption cannot act inside the console.
 */
export function HtmlPreview({ html, title, className }: { html: string; title: string; className?: string }) {
  const doc = `<!doctype html><meta charset="utf-8"><style>body{margin:0;padding:10px 12px;font:14px/1.5 system-ui,'Noto Sans Thai',sans-serif;color:#e6e9f2;background:#121a2f}img{max-width:100%}a{color:#f5c451}</style>${html}`;
  return (
    <iframe title={title} sandbox="" srcDoc={doc} className={className ?? 'h-24 w-full rounded-xl ring-1 ring-line'} />
  );
}

/** The "pay this QR" page of the sandbox banking app: paste a QR payload (or open with ?payload=) and pay it. */
export function payPage(payload: string): string {
  const escaped = payload.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox bank · pay a QR</title>
<style>
body{font:16px system-ui,sans-serif;background:#0f172a;color:#e2e8f0;margin:0;padding:24px;max-width:560px}
h1{font-size:20px}textarea{width:100%;min-height:120px;font:13px monospace;border-radius:8px;padding:8px;box-sizing:border-box}
button{margin-top:12px;font-size:16px;padding:10px 20px;border:0;border-radius:8px;background:#22c55e;color:#052e16;font-weight:700}
pre{white-space:pre-wrap;background:#1e293b;padding:12px;border-radius:8px}
</style></head><body>
<h1>Sandbox banking app: pay a QR</h1>
<p>Paste the QR payload shown under the deposit QR, then pay. The provider sends its signed webhook to the wallet.</p>
<form id="f"><textarea id="payload" name="payload" aria-label="QR payload">${escaped}</textarea>
<button type="submit" id="pay">Pay</button></form><pre id="out" aria-live="polite"></pre>
<script>
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  const res = await fetch(location.pathname, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload: document.getElementById('payload').value }) });
  document.getElementById('out').textContent = res.status + ' ' + JSON.stringify(await res.json(), null, 2);
});
</script></body></html>`;
}

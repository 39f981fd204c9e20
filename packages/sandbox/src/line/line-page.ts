/** The sandbox LINE app for people: follow the official account with a link code, unfollow, see the pushes sent. */
export function linePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox LINE</title>
<style>
body{font:16px system-ui,sans-serif;background:#0f172a;color:#e2e8f0;margin:0;padding:24px;max-width:640px}
h1{font-size:20px}input{font:15px monospace;border-radius:8px;padding:8px;border:0;margin:4px 0;width:100%;box-sizing:border-box}
button{margin:8px 8px 0 0;font-size:16px;padding:10px 20px;border:0;border-radius:8px;background:#06c755;color:#04210f;font-weight:700}
button.secondary{background:#334155;color:#e2e8f0}pre{white-space:pre-wrap;background:#1e293b;padding:12px;border-radius:8px}
li{background:#1e293b;border-radius:8px;padding:8px 12px;margin:6px 0;list-style:none}ul{padding:0}small{color:#94a3b8}
</style></head><body>
<h1>Sandbox LINE</h1>
<p>Add the wallet's official account as a LINE user and send it the link code from the player's profile. The
simulator sends the signed follow and message webhooks to the wallet.</p>
<form id="f"><label>LINE user id<input id="user" name="user" value="U00000000000000000000000000000001"></label>
<label>Link code<input id="code" name="code" autocomplete="off"></label>
<button type="submit" id="follow">Follow and send the code</button>
<button type="button" class="secondary" id="unfollow">Unfollow</button></form>
<pre id="out" aria-live="polite"></pre>
<h2>Messages pushed by the wallet</h2><ul id="messages"></ul>
<script>
const base = location.pathname.replace(/\\/_ui$/, '');
const user = () => document.getElementById('user').value.trim();
const show = async (res) => { document.getElementById('out').textContent = res.status + ' ' + JSON.stringify(await res.json()); load(); };
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  show(await fetch(base + '/_users/' + encodeURIComponent(user()) + '/follow', { method: 'POST',
    headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: document.getElementById('code').value.trim() }) }));
});
document.getElementById('unfollow').addEventListener('click', async () => {
  show(await fetch(base + '/_users/' + encodeURIComponent(user()) + '/unfollow', { method: 'POST' }));
});
async function load() {
  const list = await (await fetch(base + '/_messages')).json();
  const ul = document.getElementById('messages');
  ul.replaceChildren(...list.slice().reverse().map((m) => {
    const li = document.createElement('li');
    li.textContent = m.messages.map((x) => x.text).join('\\n');
    const meta = document.createElement('small');
    meta.textContent = ' → ' + m.to + ' · ' + m.receivedAt;
    li.append(document.createElement('br'), meta);
    return li;
  }));
}
load();
</script></body></html>`;
}

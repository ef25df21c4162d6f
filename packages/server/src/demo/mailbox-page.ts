/**
 * The dev mailbox page of demo mode: every code the server "sent", newest first. A developer
 * tool, not part of the product UI, so it is in English only. Text goes in via textContent.
 */
export function mailboxPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Open Exchange demo</title>
<style>
  :root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
  body { margin: 0 auto; max-width: 960px; padding: 16px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.hint { margin: 0 0 12px; opacity: .75; }
  form { display: flex; gap: 8px; margin-bottom: 12px; }
  input { flex: 1; min-width: 0; padding: 6px 8px; font: inherit; }
  button { padding: 6px 12px; font: inherit; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #8884; vertical-align: top; overflow-wrap: anywhere; }
  @media (max-width: 600px) { body { padding: 8px; } th, td { padding: 4px; font-size: 13px; } .time { display: none; } }
  td.code { font: 600 18px ui-monospace, monospace; letter-spacing: 2px; }
  .empty, .error { padding: 24px; text-align: center; opacity: .8; }
  .error { color: #d33; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p class="hint">Demo mode keeps every email and SMS here instead of sending it. Newest first; refreshes every 3 s.</p>
<form id="filter"><input id="to" name="to" placeholder="Filter by email or phone number" aria-label="Recipient">
<button type="submit">Filter</button></form>
<div id="status" class="empty" role="status">Loading…</div>
<table id="messages" hidden>
<thead><tr><th class="time">Time</th><th>To</th><th>Code</th><th>Message</th></tr></thead>
<tbody></tbody>
</table>
</main>
<script>
const params = new URLSearchParams(location.search);
const input = document.getElementById('to');
input.value = params.get('to') || '';
const status = document.getElementById('status');
const table = document.getElementById('messages');
async function load() {
  try {
    const query = input.value.trim() ? '?to=' + encodeURIComponent(input.value.trim()) : '';
    const response = await fetch('/api/dev/mailbox' + query);
    const body = await response.json();
    if (body.code !== 1) throw new Error(body.msg);
    const rows = table.tBodies[0];
    rows.replaceChildren();
    for (const message of body.data) {
      const row = rows.insertRow();
      const code = (message.body.match(/\\b\\d{6}\\b/) || [''])[0];
      for (const [text, cls] of [[new Date(message.created_at).toLocaleString(), 'time'], [message.to, ''], [code, 'code'], [message.body, '']]) {
        const cell = row.insertCell();
        cell.textContent = text;
        if (cls) cell.className = cls;
      }
    }
    table.hidden = body.data.length === 0;
    status.hidden = body.data.length !== 0;
    status.className = 'empty';
    status.textContent = 'No messages yet.';
  } catch (error) {
    status.hidden = false;
    status.className = 'error';
    status.textContent = 'Could not load the mailbox: ' + error.message;
  }
}
document.getElementById('filter').addEventListener('submit', (event) => {
  event.preventDefault();
  history.replaceState(null, '', input.value.trim() ? '?to=' + encodeURIComponent(input.value.trim()) : location.pathname);
  load();
});
load();
setInterval(load, 3000);
</script>
</body>
</html>`;
}

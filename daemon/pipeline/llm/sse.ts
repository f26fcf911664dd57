// Server-sent events as the chat-completions stream sends them: events separated by a blank
// line, each a run of `data:` lines (joined with newlines); comments (`:`), `event:`, `id:` and
// `retry:` lines are skipped (HTML Living Standard, "Server-sent events", event stream
// interpretation). Yields each event's data.
export async function* readEvents(res: Response): AsyncGenerator<string> {
  if (!res.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
        if (line === '') {
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
      }
      if (done) break;
    }
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
    if (data.length) yield data.join('\n');
  } finally {
    await reader.cancel().catch(() => {}); // an answer ended by [DONE] closes the connection
  }
}

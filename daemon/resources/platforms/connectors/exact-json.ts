// Issue 27, item 5: "platform ids exactly as the platform sends them". TikTok's status fetch
// answers 64-bit ids as JSON numbers (`publicaly_available_post_id: [7302663125830058708]`);
// JSON.parse reads them as doubles and the last digits change (...059000). Node 20's JSON.parse
// has no access to a literal's source, so integer literals a double cannot hold exactly are
// quoted before parsing: they arrive as strings holding the platform's digits. Every other value
// (strings, smaller numbers, fractions) reads as JSON.parse reads it.

/** JSON.parse, except an integer literal beyond ±(2^53 - 1) becomes a string of its exact digits. */
export function parseExactJson(text: string): unknown {
  return JSON.parse(quoteBigIntegers(text));
}

/** The text with every integer literal (outside strings) that is not a safe integer in quotes. */
export function quoteBigIntegers(text: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = endOfString(text, i);
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const end = endOfNumber(text, i);
      const literal = text.slice(i, end);
      if (/^-?\d{16,}$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(from, i)}"${literal}"`;
        from = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The index after the string that opens at `start` (escapes skipped; the text's end if unclosed). */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}

/** The index after the number token that starts at `start`: sign, digits, fraction, exponent. */
function endOfNumber(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && /[0-9.eE+-]/.test(text[i])) i++;
  return i;
}

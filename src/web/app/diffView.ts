// A line diff of two texts as HTML: hunks with added and removed lines marked (and announced to
// screen readers by a leading +/−), unchanged context trimmed to three lines around each change.
import { structuredPatch } from 'diff';
import { html, type SafeHtml } from './html.js';

export function renderDiff(before: string, after: string, beforeLabel: string, afterLabel: string): SafeHtml {
  const patch = structuredPatch(beforeLabel, afterLabel, before, after, '', '', { context: 3 });
  if (patch.hunks.length === 0) return html`<p class="muted">No difference.</p>`;
  return html`<pre class="diff" aria-label="Differences from ${beforeLabel} to ${afterLabel}">${patch.hunks.map(
    (h) => html`<span class="hunk">@@ ${beforeLabel} line ${h.oldStart}, ${afterLabel} line ${h.newStart} @@</span>${h.lines.map((line) => {
      const kind = line[0] === '+' ? 'ins' : line[0] === '-' ? 'del' : 'ctx';
      return html`<span class="${kind}">${line}</span>`;
    })}`,
  )}</pre>`;
}

/** A unified diff text (as the inbox service returns it) rendered the same way. */
export function renderUnifiedDiff(text: string): SafeHtml {
  const lines = text.split('\n').filter((l) => !l.startsWith('Index:') && !/^={5,}/.test(l));
  return html`<pre class="diff">${lines.map((line) => {
    const kind = line.startsWith('+++') || line.startsWith('---') ? 'hunk' : line.startsWith('@@') ? 'hunk' : line[0] === '+' ? 'ins' : line[0] === '-' ? 'del' : 'ctx';
    return html`<span class="${kind}">${line}</span>`;
  })}</pre>`;
}

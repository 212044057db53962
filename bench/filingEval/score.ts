// Scoring of the filing eval set: per kind, worth-filing accuracy, page precision and recall, and
// timeline accuracy (each expected page carries a line with the event's date linking the item's page).
import type { EvalItem, EvalKind } from './items.js';

export interface ItemOutcome {
  item: EvalItem;
  status: number;
  reason: string | null;
  filedPages: string[];
  /** Pages that did not exist before this item was filed. */
  created: string[];
  /** Timeline lines (date, text) now on each page, read after filing. */
  timelineOf: (path: string) => Array<{ date: string; text: string }>;
  uploadDate: string;
}

export interface KindScore {
  kind: EvalKind | 'all';
  items: number;
  worth: number;
  precision: number | null;
  recall: number | null;
  timeline: number | null;
  misses: string[];
}

export function scoreItem(o: ItemOutcome): { worthOk: boolean; tp: number; fp: number; expected: number; found: number; tlExpected: number; tlFound: number; misses: string[] } {
  const { item } = o;
  const filed = o.status === 2;
  const worthOk = filed === item.worth;
  const misses: string[] = [];
  if (!worthOk) misses.push(filed ? `filed but should go to review: ${JSON.stringify(o.filedPages)}` : `went to review: ${o.reason}`);
  if (!item.worth) return { worthOk, tp: 0, fp: filed ? o.filedPages.length : 0, expected: 0, found: 0, tlExpected: 0, tlFound: 0, misses };
  const own = o.created.find((p) => item.own && p.startsWith(item.own)) ?? null;
  const touch = item.touch ?? [];
  const expected = touch.length + 1;
  let found = 0;
  if (own) found++;
  else if (filed) misses.push(`no page of its own under ${item.own}`);
  for (const t of touch) {
    if (o.filedPages.includes(t)) found++;
    else misses.push(`missed ${t}`);
  }
  let tp = 0;
  let fp = 0;
  for (const p of o.filedPages) {
    const ok = p === own || touch.includes(p) || (item.allow ?? []).some((a) => (a.endsWith('/') ? p.startsWith(a) && o.created.includes(p) : a === p));
    if (ok) tp++;
    else {
      fp++;
      misses.push(`touched ${p} (not expected)`);
    }
  }
  const date = item.date === 'upload' ? o.uploadDate : item.date;
  let tlFound = 0;
  const link = own ? `[[${own.replace(/\.md$/, '')}` : null;
  for (const t of touch) {
    const lines = o.timelineOf(t);
    if (link && lines.some((l) => l.date === date && l.text.includes(link))) tlFound++;
    else if (o.filedPages.includes(t)) misses.push(`timeline of ${t}: no line dated ${date} linking the item's page (${JSON.stringify(lines.slice(0, 2))})`);
  }
  return { worthOk, tp, fp, expected, found, tlExpected: touch.length, tlFound, misses };
}

export function scoreAll(outcomes: ItemOutcome[]): KindScore[] {
  const kinds: Array<EvalKind | 'all'> = ['meeting', 'document', 'session', 'junk', 'all'];
  return kinds.map((kind) => {
    const set = outcomes.filter((o) => kind === 'all' || o.item.kind === kind);
    let worth = 0;
    let tp = 0;
    let fp = 0;
    let expected = 0;
    let found = 0;
    let tlE = 0;
    let tlF = 0;
    const misses: string[] = [];
    for (const o of set) {
      const s = scoreItem(o);
      if (s.worthOk) worth++;
      tp += s.tp;
      fp += s.fp;
      expected += s.expected;
      found += s.found;
      tlE += s.tlExpected;
      tlF += s.tlFound;
      for (const m of s.misses) misses.push(`${o.item.id}: ${m}`);
    }
    return {
      kind,
      items: set.length,
      worth: set.length ? worth / set.length : 0,
      precision: tp + fp ? tp / (tp + fp) : null,
      recall: expected ? found / expected : null,
      timeline: tlE ? tlF / tlE : null,
      misses,
    };
  });
}

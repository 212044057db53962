import { classifyContent } from "../../src/domain/filing/classify.js";
import { readableText } from "../../src/domain/filing/formats.js";
import { BLIND_ITEMS } from './blind.js';
import { HELDOUT_ITEMS } from './heldout.js';
import { EVAL_ITEMS } from './items.js';
const want = process.argv[2];
for (const it of [...EVAL_ITEMS, ...HELDOUT_ITEMS, ...BLIND_ITEMS]) {
  if (want && !it.id.includes(want)) continue;
  if (it.upload.contentBase64) continue;
  const c = classifyContent({ text: readableText(it.upload.content!, it.upload.filename), filename: it.upload.filename, hasCanonicalUrl: !!it.upload.canonicalUrl });
  console.log(it.id, it.kind, '->', c.kind, c.confidence, c.signals.join('; '));
}

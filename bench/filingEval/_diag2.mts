import { classifyContent } from '../../src/domain/filing/classify.ts';
import { readableText } from '../../src/domain/filing/formats.ts';
import { BLIND2_ITEMS } from './blind2.ts';
const id = process.argv[2];
const it = BLIND2_ITEMS.find((i) => i.id.startsWith(id))!;
const text = readableText(it.upload.content!, it.upload.filename);
console.log(text.slice(0, 600));
console.log(classifyContent({ text, filename: it.upload.filename, hasCanonicalUrl: !!it.upload.canonicalUrl }));

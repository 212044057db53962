import { forwardedMessage, forwardsTheSame, comparableBody } from '../../src/domain/filing/forwarded.ts';
import { readableText } from '../../src/domain/filing/formats.ts';
import { BLIND2_ITEMS } from './blind2.ts';
const a = BLIND2_ITEMS.find((i) => i.id.startsWith('c-m07'))!.upload.content!;
const b = BLIND2_ITEMS.find((i) => i.id.startsWith('c-m10'))!.upload.content!;
console.log(forwardedMessage(readableText(b, 'x.eml')));
console.log(comparableBody(readableText(a, 'x.eml')));
console.log(forwardsTheSame(readableText(b, 'x.eml'), comparableBody(readableText(a, 'x.eml'))));

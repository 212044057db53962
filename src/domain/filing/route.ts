// Which skill files an item. A pinned skill — `ingest` included — is always the skill that runs
// and skips the worth-filing check (SPEC, default inbox rule 3). Without one, the item is routed by
// content: meeting → ingest-meeting, document → ingest-doc, conversation → ingest-conversation,
// anything else stays with `ingest` as a note; ambient captures get the worth-filing check first.
import type { SkillName } from '../skills.js';
import { classifyContent, type Classification, type ContentKind } from './classify.js';
import type { SkillDefinition } from './skillFile.js';
import { scamVerdict } from './junkSignals.js';
import { checkWorthFiling } from './worthFiling.js';

export interface RouteInput {
  text: string;
  filename: string | null;
  contentType: string | null;
  pinned: SkillName | null;
  hasCanonicalUrl: boolean;
  /** The item revises a document filed before. */
  isRevision: boolean;
  /** The item is a mail from a person the brain has a page for (matched by their e-mail address). */
  knownSender?: boolean;
  /** The item names a page of the brain (any case): a short note that does is not "too short". */
  namesPage?: boolean;
  /** The item is a calendar invitation (an iCalendar file). */
  calendar?: boolean;
  /**
   * Whether the item is related to the brain: its sender (or an invitation's organizer) or its sender's
   * domain is known, or it names a person, company or project of the brain. Asked only when the scam
   * signals fire; an item related to the brain is never junked by them.
   */
  related?: () => boolean;
}

export type Route =
  | { skill: SkillName; classification: Classification | null; pinned: boolean; checked: boolean }
  | { skip: true; reason: string; classification: Classification };

const SKILL_OF_KIND: Record<ContentKind, SkillName> = {
  meeting: 'ingest-meeting',
  document: 'ingest-doc',
  conversation: 'ingest-conversation',
  other: 'ingest',
};

export function routeItem(input: RouteInput, skills: Record<SkillName, SkillDefinition>): Route {
  if (input.pinned) return { skill: input.pinned, classification: null, pinned: true, checked: false };
  const classification = classifyContent({ text: input.text, filename: input.filename, contentType: input.contentType, hasCanonicalUrl: input.hasCanonicalUrl });
  const skill: SkillName = input.isRevision ? 'ingest-doc' : SKILL_OF_KIND[classification.kind];
  const pinned = false;
  const wantsCheck = skills.ingest.worthFilingCheck || skills[skill].worthFilingCheck;
  if (wantsCheck && !input.isRevision) {
    const worth = checkWorthFiling(input.text, classification.kind, { webPage: input.hasCanonicalUrl, knownSender: input.knownSender ?? false, namesPage: input.namesPage ?? false });
    if (!worth.worth) return { skip: true, reason: `Not worth filing: ${worth.reason}`, classification };
    // Scam, phishing and spam invitations in any language, from senders with no relation to the brain.
    const scam = scamVerdict(input.text, { calendar: input.calendar ?? false });
    if (scam.junk && !(input.related?.() ?? false)) return { skip: true, reason: `Not worth filing: ${scam.reason}`, classification };
  }
  return { skill, classification, pinned, checked: wantsCheck };
}

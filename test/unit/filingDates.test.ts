// Table tests for the date cues of e-mailed meeting notes: the sent date in the header versus the
// meeting's own day written in the body.
import assert from 'node:assert/strict';
import { extractMeeting } from '../../src/domain/filing/meeting.js';
import { mailHeader, meetingDateInMessage } from '../../src/domain/filing/messageDate.js';

describe('filing dates: meetings recapped by e-mail', () => {
  // Sent on Tuesday 2026-03-10.
  const sent = '2026-03-10';
  const bodies: Array<[string, string, string | null]> = [
    ['yesterday with weekday and date', 'Thanks for the time yesterday (Monday 9 March 2026). Notes below.', '2026-03-09'],
    ['a yearless date after "the call on"', 'My notes from the call on 9 March: we agreed on the tier.', '2026-03-09'],
    ['American yearless', 'Recap of our meeting on March 6th, as promised.', '2026-03-06'],
    ['yesterday beside the right weekday', 'Great to meet yesterday (Monday), here is the summary.', '2026-03-09'],
    ['today beside the right weekday', 'Notes from our sync today, Tuesday.', '2026-03-10'],
    ['yesterday alone is not enough', 'Thanks for the call yesterday, notes below.', null],
    ['a weekday that contradicts yesterday', 'Thanks for the call yesterday (Friday).', null],
    ['a date that contradicts its weekday', 'Notes from the meeting on Friday 9 March.', null],
    ['a future meeting is not the one recapped', 'Our next call is on 16 March.', null],
    ['a date far before the message', 'As discussed in the meeting on 3 January 2026, the budget holds.', null],
    ['a date in a sentence about no meeting', 'The invoice of 9 March is attached.', null],
    ['a yearless day placed in the previous year when needed', 'Notes from the workshop on 28 February.', '2026-02-28'],
  ];
  for (const [what, body, want] of bodies) it(`body date: ${what} → ${want}`, () => assert.equal(meetingDateInMessage(body, sent), want));

  it('a yearless day in late December of a January message belongs to the previous year', () => {
    assert.equal(meetingDateInMessage('Notes from the call on 30 December.', '2026-01-05'), '2025-12-30');
  });

  it('reads the e-mail header block: the sent date from Date: or Sent:, null for texts that are no e-mail', () => {
    assert.deepEqual(mailHeader(['From: A <a@x.com>', 'Date: Tue, 10 Mar 2026 08:14:00 +0000', 'Subject: S', '', 'Body']), { end: 3, sent: '2026-03-10' });
    assert.deepEqual(mailHeader(['From: A', 'Sent: Monday, March 30, 2026 4:12 PM', 'To: B', '', 'x']), { end: 3, sent: '2026-03-30' });
    assert.equal(mailHeader(['Title: Sync', 'Date: 2026-03-04', 'Attendees: Ada, Tom']), null);
    assert.equal(mailHeader(['From: A', 'just a line', 'Subject: S']), null);
  });

  const meetings: Array<[string, string, string]> = [
    ['the body day beats the sent date', 'From: Alan <a@x.com>\nTo: Hedy\nDate: Tue, 10 Mar 2026 08:14:00 +0000\nSubject: Debrief\n\nThanks for the time yesterday (Monday 9 March 2026). Notes:\n- A.\n', '2026-03-09'],
    ['the sent date when the body names no day', 'From: Alan <a@x.com>\nTo: Hedy\nDate: Tue, 10 Mar 2026 08:14:00 +0000\nSubject: Debrief\n\nNotes from our call:\n- A.\n', '2026-03-10'],
    ['an invite When: line beats the Sent: header', 'From: M <m@u.org>\nSent: Monday, March 30, 2026 4:12 PM\nTo: A <a@x.com>\nSubject: Kickoff\n\nWhen: Tuesday, April 7, 2026 10:00 AM\nRequired: M; A\n', '2026-04-07'],
    ['a plain Date: line in notes is the meeting day', 'Sync\nDate: 2026-03-04\nAttendees: Ada, Tom\n\nWe met yesterday (Tuesday 3 March 2026).\n', '2026-03-04'],
  ];
  for (const [what, text, want] of meetings) it(`meeting date: ${what}`, () => assert.equal(extractMeeting(text, { fallbackDate: '2026-01-01' }).date, want));
});

// The volume marker (cluster.json) on a shared volume: nodes in containers share a PID and may start
// at once, so the temporary file is never named by PID, and a rename that loses to another node's
// identical marker is not an error.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readVolumeMarker, writeVolumeMarker, VOLUME_MARKER_FILE } from '../../src/storage/volumeMarker.js';

describe('volume marker', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-marker-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is written whole beside another node's temporary file of the same PID", () => {
    // Another container's node (same PID under tini) is mid-write: its temporary file stands.
    fs.mkdirSync(path.join(dir, `${VOLUME_MARKER_FILE}.${process.pid}.tmp`));
    writeVolumeMarker(dir, { volumeId: 'v1', databaseId: 'd1' });
    assert.deepEqual(readVolumeMarker(dir), { volumeId: 'v1', databaseId: 'd1' });
    assert.deepEqual(fs.readdirSync(dir).sort(), [VOLUME_MARKER_FILE, `${VOLUME_MARKER_FILE}.${process.pid}.tmp`].sort(), 'no temporary file of ours left');
  });

  it("a rename that fails is fine when the marker there is the same, and an error when it is not", () => {
    // A rename over a non-empty directory fails; the re-read finds no marker there: the error stands.
    fs.mkdirSync(path.join(dir, VOLUME_MARKER_FILE));
    fs.writeFileSync(path.join(dir, VOLUME_MARKER_FILE, 'x'), '');
    assert.throws(() => writeVolumeMarker(dir, { volumeId: 'v1', databaseId: 'd1' }));
    assert.deepEqual(fs.readdirSync(dir), [VOLUME_MARKER_FILE], 'the temporary file removed');
  });
});

// The built-in embedding model is converted once per machine (into the OS temp folder) and
// shared by every test server and CLI run, instead of once per temporary data folder.
import os from 'node:os';
import path from 'node:path';

export const TEST_MODELS_DIR = path.join(os.tmpdir(), 'brainkeep-test-models');

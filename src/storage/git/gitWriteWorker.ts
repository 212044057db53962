// One git write thread (see gitWriteThread.ts): runs each job it is sent (gitWriteJobs.ts) and
// answers it; it says when it is ready, so no job waits for the thread to load.
import { parentPort } from 'node:worker_threads';
import type { GitWriteJob } from './gitWriteThread.js';
import { runGitWriteJob, runLandJob } from './gitWriteJobs.js';

parentPort!.on('message', (job: GitWriteJob) => {
  if (job.kind === 'land') void runLandJob(job).then((reply) => parentPort!.postMessage(reply));
  else parentPort!.postMessage(runGitWriteJob(job));
});
parentPort!.postMessage({ ready: true });

// A Vitest reporter for scripts/test.mjs: when each Vitest project (core, server-sqlite, server-postgres) started its
// first test file and finished its last, and the time its files took added up. The projects run side by side in one
// Vitest run, so their spans overlap: a span says when a project was done, not what running it alone would cost.
// Writes JSON to the file named by VITEST_PROJECT_TIMES_FILE; does nothing without it.
import { writeFileSync } from 'node:fs';

export default class ProjectTimesReporter {
  constructor() {
    this.file = process.env.VITEST_PROJECT_TIMES_FILE;
    this.runStart = Date.now();
    /** @type {Map<string, { first: number, last: number, files: number, fileMs: number }>} */
    this.projects = new Map();
  }

  onTestRunStart() {
    this.runStart = Date.now();
  }

  entry(testModule) {
    const name = testModule.project.name || 'default';
    let entry = this.projects.get(name);
    if (!entry) {
      entry = { first: Number.POSITIVE_INFINITY, last: 0, files: 0, fileMs: 0 };
      this.projects.set(name, entry);
    }
    return entry;
  }

  onTestModuleStart(testModule) {
    const entry = this.entry(testModule);
    entry.first = Math.min(entry.first, Date.now());
  }

  onTestModuleEnd(testModule) {
    const entry = this.entry(testModule);
    const now = Date.now();
    entry.first = Math.min(entry.first, now);
    entry.last = Math.max(entry.last, now);
    entry.files += 1;
    const diagnostic = testModule.diagnostic();
    entry.fileMs += diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration;
  }

  onTestRunEnd() {
    if (!this.file) return;
    const projects = [...this.projects].map(([name, entry]) => ({
      name,
      startSeconds: (entry.first - this.runStart) / 1000,
      endSeconds: (entry.last - this.runStart) / 1000,
      files: entry.files,
      fileSeconds: entry.fileMs / 1000,
    }));
    writeFileSync(this.file, JSON.stringify({ totalSeconds: (Date.now() - this.runStart) / 1000, projects }));
  }
}

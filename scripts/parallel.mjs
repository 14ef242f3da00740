#!/usr/bin/env node
// `node scripts/parallel.mjs "<command>" "<command>" …`: runs the commands at the same time (both
// cores of a CI machine busy during the type checks and the lint), prints each one's output whole
// once it ends (no interleaved error lines), and fails if any of them failed.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> ${command} (${code === 0 ? 'ok' : `échec : ${signal ?? code}`}, ${seconds} s)\n${Buffer.concat(chunks).toString()}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);

#!/usr/bin/env node
// `node scripts/parallel.mjs [--live] "<command>" "<command>" …`: runs the commands at the same time
// (both cores of a CI machine busy), prints each one's output whole once it ends (no interleaved
// error lines), and fails if any of them failed. With --live, the first command's output is shown
// as it comes (Vitest's progress during its minutes), the others' once they end.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const live = args[0] === '--live';
const commands = live ? args.slice(1) : args;
const results = await Promise.all(
  commands.map(
    (command, index) =>
      new Promise((resolve) => {
        const started = Date.now();
        const streamed = live && index === 0;
        const child = spawn(command, { shell: true, stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'] });
        const chunks = [];
        child.stdout?.on('data', (c) => chunks.push(c));
        child.stderr?.on('data', (c) => chunks.push(c));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> ${command} (${code === 0 ? 'ok' : `échec : ${signal ?? code}`}, ${seconds} s)\n${Buffer.concat(chunks).toString()}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);

#!/usr/bin/env node
import { pathToFileURL } from 'node:url';
import { CLI_BUNDLE, buildCli, cliBundleIsStale } from '../scripts/build-cli.mjs';

if (cliBundleIsStale()) await buildCli();
const { main } = await import(pathToFileURL(CLI_BUNDLE).href);
process.exitCode = await main(process.argv.slice(2));

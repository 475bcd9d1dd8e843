#!/usr/bin/env node
// See packages/cli/bin/hdlp.js: the sources run through tsx, no build step.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");

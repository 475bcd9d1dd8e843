#!/usr/bin/env node
// `hdlp`, as `pnpm build` bundled it into dist/ (the install runs it): see packages/build.
import "../dist/hdlp.js";

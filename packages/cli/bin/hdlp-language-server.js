#!/usr/bin/env node
// `hdlp-language-server`, as `pnpm build` bundled it into dist/ (the install runs it): see packages/build.
import "../dist/hdlp-language-server.js";

#!/usr/bin/env node
// The workspace runs its TypeScript sources directly: tsx compiles each module
// once and caches it, so `hdlp` needs no build step after `pnpm install`.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");

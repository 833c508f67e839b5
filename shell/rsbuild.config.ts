import { defineShellConfig } from '@cinema/federation/rsbuild';

export default defineShellConfig(import.meta.dirname);

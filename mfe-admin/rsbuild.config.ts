import { defineRemoteConfig } from '@cinema/federation/rsbuild';

export default defineRemoteConfig(import.meta.dirname, 'admin', 'CineBook · Admin');

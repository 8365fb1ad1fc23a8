// @hey-api/openapi-ts: the TypeScript fetch client the SDK check plays through.
// Output is generated on every run of .ci/sdk-check.sh and git-ignored.
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: '../../openapi/openapi.json',
  output: { path: 'ts/generated', clean: true },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
  logs: { file: false },
});

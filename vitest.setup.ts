/**
 * Before every unit test file: what the app loads on demand (issue #47) loaded at once, so a test
 * reads any kernel's WGSL and says words in any language synchronously, as before.
 */
import { kKernelIdList, loadKernelSources } from './src/core/kernels';
import { loadAllLanguages } from './src/i18n';

await Promise.all([loadKernelSources(kKernelIdList), loadAllLanguages()]);

import { isSoftwareHere } from '../../state/trust';
import { useApp } from '../../state/store';

/**
 * Whether this page's adapter is a software one (SwiftShader, a fallback adapter: core/trust
 * softwareAdapter): its times are true but no GPU's, so every place a speed would be shown names
 * it first (issue #45).
 */
export function useSoftwareAdapter(): boolean {
  return useApp(isSoftwareHere);
}

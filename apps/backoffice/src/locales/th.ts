// Every namespace of one language: the shell's (./th/*.json), each feature's locales/th.json (namespace = the
// feature's folder), and the errors shared with every app through @wallet/web-core.
import consoleErrors from '@wallet/web-core/locales/th/console-errors.json';
import sharedErrors from '@wallet/web-core/locales/th/errors.json';
import { featureNamespaces, shellNamespaces } from './catalogue.ts';

const shell = import.meta.glob<Record<string, unknown>>('./th/*.json', { eager: true, import: 'default' });
const features = import.meta.glob<Record<string, unknown>>('../features/*/locales/th.json', {
  eager: true,
  import: 'default',
});

// the shared catalogue and the codes only the console receives (sign-in, enrolment, four eyes), reasons merged
const errors = {
  ...sharedErrors,
  ...consoleErrors,
  reason: { ...sharedErrors.reason, ...consoleErrors.reason },
};

const catalogue: Record<string, Record<string, unknown>> = {
  ...shellNamespaces(shell),
  ...featureNamespaces(features),
  errors,
};
export default catalogue;

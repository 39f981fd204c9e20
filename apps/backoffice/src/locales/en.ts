// Every namespace of one language: the shell's (./en/*.json), each feature's messages.en.json (namespace = the
// feature's folder), and the errors shared with every app through @wallet/web-core.
import errors from '@wallet/web-core/locales/en/errors.json';
import { featureNamespaces, shellNamespaces } from './catalogue.ts';

const shell = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
const features = import.meta.glob<Record<string, unknown>>('../features/*/messages.en.json', {
  eager: true,
  import: 'default',
});

const catalogue: Record<string, Record<string, unknown>> = {
  ...shellNamespaces(shell),
  ...featureNamespaces(features),
  errors,
};
export default catalogue;

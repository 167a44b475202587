import assetCatalog from '../../sample-logs/asset-catalog.jsonl.gz?url';
import creativeAssistant from '../../sample-logs/creative-assistant.jsonl?url';
import creativeLabels from '../../sample-logs/creative-labels.csv?url';
import customerService from '../../sample-logs/customer-service.jsonl?url';
import multihopQa from '../../sample-logs/multihop-qa.json?url';
import retrievalTrial from '../../sample-logs/retrieval-trial.jsonl?url';
import type { LoadInput } from './worker-protocol';

/** The bundled demo logs, served from our own origin (see sample-logs/README.md). */
export const SAMPLE_FILES: LoadInput[] = [
  { kind: 'url', name: 'creative-assistant.jsonl', url: creativeAssistant },
  { kind: 'url', name: 'creative-labels.csv', url: creativeLabels },
  { kind: 'url', name: 'asset-catalog.jsonl.gz', url: assetCatalog },
  { kind: 'url', name: 'multihop-qa.json', url: multihopQa },
  { kind: 'url', name: 'customer-service.jsonl', url: customerService },
  { kind: 'url', name: 'retrieval-trial.jsonl', url: retrievalTrial },
];

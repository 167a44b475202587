/**
 * Test-only: OTLP JSON written by the real OpenTelemetry JS SDK (`@opentelemetry/sdk-trace-base`
 * spans, serialized by `JsonTraceSerializer` of `@opentelemetry/otlp-transformer`), with the log
 * events the mapping must make of it, written out by hand in sdk-fixture-expected.ts.
 */
import type { Tracer } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type IdGenerator, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { EXPECTED_SDK_EVENTS, EXPECTED_SDK_SPAN_KINDS } from './sdk-fixture-expected';
import { recordGenAiTurns, recordOpenInferenceTurn } from './sdk-fixture-traces';

export interface SdkTraces {
  /** Both conventions in one OTLP document (two `resourceSpans`), parsed. */
  document: { resourceSpans: unknown[] };
  /** The same spans as JSON Lines, one OTLP document per trace (what the collector's file exporter writes). */
  jsonLines: string;
  /** The log events the mapping must give (`retrieval`, `asset`, `action`, `feedback`), ts as epoch ms. */
  expectedEvents: Record<string, unknown>[];
  /** The unmapped spans by kind: `{ AGENT: 1, LLM: 1, invoke_agent: 1, execute_tool: 1 }`. */
  expectedSpanKinds: Record<string, number>;
}

/** Ids from counters, so that the expected events can name them. */
function countingIds(): IdGenerator {
  let traces = 0;
  let spans = 0;
  const hex2 = (n: number) => n.toString(16).padStart(2, '0');
  return {
    generateTraceId: () => `0af7651916cd43dd8448eb211c8031${hex2(++traces)}`,
    generateSpanId: () => `b7ad6b71692033${hex2(++spans)}`,
  };
}

async function record(idGenerator: IdGenerator, resource: Record<string, string>, scope: string, write: (tracer: Tracer) => void): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    idGenerator,
    resource: resourceFromAttributes(resource),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  write(provider.getTracer(scope, '1.0.0'));
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

function serialize(spans: ReadableSpan[]): string {
  const bytes = JsonTraceSerializer.serializeRequest(spans);
  if (!bytes) throw new Error('the OTLP JSON serializer returned nothing');
  return new TextDecoder().decode(bytes);
}

/** Records the fixture's spans (OpenInference: trace 1; GenAI: traces 2 and 3) and serializes them. */
export async function buildSdkTraces(): Promise<SdkTraces> {
  const idGenerator = countingIds();
  const openInference = await record(idGenerator, { 'service.name': 'support-agent', 'rag.run_id': 'oi-v1' }, 'openinference-fixture', recordOpenInferenceTurn);
  const genAi = await record(idGenerator, { 'service.name': 'helpdesk-agent' }, 'genai-fixture', recordGenAiTurns);
  const spans = [...openInference, ...genAi];
  const traceIds = [...new Set(spans.map((span) => span.spanContext().traceId))];
  const jsonLines = traceIds
    .map((traceId) => serialize(spans.filter((span) => span.spanContext().traceId === traceId)))
    .join('\n');
  return {
    document: JSON.parse(serialize(spans)) as SdkTraces['document'],
    jsonLines: `${jsonLines}\n`,
    expectedEvents: structuredClone(EXPECTED_SDK_EVENTS),
    expectedSpanKinds: { ...EXPECTED_SDK_SPAN_KINDS },
  };
}

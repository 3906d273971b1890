// An OTLP/HTTP logs receiver on loopback (POST /v1/logs, served from a worker thread: see
// httpSinkWorker.mjs), as a collector's otlphttp receiver takes them: `application/x-protobuf` bodies are decoded with protobufjs (already installed
// with the transport's gRPC exporter) against the fields of opentelemetry-proto's
// ExportLogsServiceRequest written out below; `application/json` bodies are parsed as OTLP/JSON.
// Each log record comes out as its body and its attributes, in the order they arrived.
import { Worker } from 'node:worker_threads';
import protobuf from 'protobufjs';

/** Field numbers from opentelemetry/proto/{collector/logs/v1/logs_service,logs/v1/logs,common/v1/common}.proto. */
const PROTO = `
syntax = "proto3";
message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; ArrayValue array_value = 5; KeyValueList kvlist_value = 6; bytes bytes_value = 7; } }
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }
message Resource { repeated KeyValue attributes = 1; }
message InstrumentationScope { string name = 1; string version = 2; }
message LogRecord { fixed64 time_unix_nano = 1; fixed64 observed_time_unix_nano = 11; int32 severity_number = 2; string severity_text = 3; AnyValue body = 5; repeated KeyValue attributes = 6; }
message ScopeLogs { InstrumentationScope scope = 1; repeated LogRecord log_records = 2; }
message ResourceLogs { Resource resource = 1; repeated ScopeLogs scope_logs = 2; }
message ExportLogsServiceRequest { repeated ResourceLogs resource_logs = 1; }
`;
const Request = protobuf.parse(PROTO, { keepCase: false }).root.lookupType('ExportLogsServiceRequest');

export interface OtlpLog {
  body: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}
export interface OtlpReceiver {
  url: string;
  port: number;
  logs: OtlpLog[];
  contentTypes: string[];
  listen(): Promise<void>;
  /** Answer with `status` from now on (a failing sink: 500); `ok` restores the normal answer. */
  fail(status: number | 'ok'): void;
  close(): Promise<void>;
}

type Any = Record<string, unknown> | undefined;
/** An AnyValue as a plain value (protobufjs' camelCase fields and OTLP/JSON's are the same names). */
function plain(v: Any): unknown {
  if (!v) return undefined;
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('arrayValue' in v) return ((v.arrayValue as { values?: Any[] }).values ?? []).map(plain);
  if ('kvlistValue' in v) return attrs((v.kvlistValue as { values?: { key: string; value: Any }[] }).values);
  return undefined;
}
function attrs(kvs: { key: string; value: Any }[] | undefined): Record<string, unknown> {
  return Object.fromEntries((kvs ?? []).map((kv) => [kv.key, plain(kv.value)]));
}

export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const logs: OtlpLog[] = [];
  const contentTypes: string[] = [];
  let sink: HttpSink | undefined;
  const take = (contentType: string, body: Buffer): void => {
    contentTypes.push(contentType);
    const request = (
      contentType.includes('protobuf')
        ? Request.toObject(Request.decode(body), { longs: String, oneofs: false, defaults: false })
        : JSON.parse(body.toString('utf8'))
    ) as {
      resourceLogs?: {
        resource?: { attributes?: { key: string; value: Any }[] };
        scopeLogs?: { logRecords?: { body?: Any; attributes?: { key: string; value: Any }[] }[] }[];
      }[];
    };
    for (const rl of request.resourceLogs ?? []) {
      const resource = attrs(rl.resource?.attributes);
      for (const sl of rl.scopeLogs ?? [])
        for (const lr of sl.logRecords ?? [])
          logs.push({ body: String(plain(lr.body) ?? ''), attributes: attrs(lr.attributes), resource });
    }
  };
  const out: OtlpReceiver = {
    url: '',
    port,
    logs,
    contentTypes,
    async listen() {
      // An empty ExportLogsServiceResponse: `{}` in JSON, an empty body in protobuf (the worker).
      sink = await startHttpSink(
        { port: out.port, path: '/v1/logs', status: 200, contentTypeOut: 'application/json', bodyOut: '{}' },
        take,
      );
      out.port = sink.port;
      out.url = `http://127.0.0.1:${out.port}/v1/logs`;
    },
    fail(status) {
      sink?.setStatus(status === 'ok' ? 200 : status);
    },
    close: async () => {
      await sink?.close();
    },
  };
  await out.listen();
  return out;
}

export interface HttpSink {
  port: number;
  /** From now on answer every request with this status (500: the sink fails; 200: it recovers). */
  setStatus(status: number): void;
  /** Requests read in full so far, answered or not. */
  received(): number;
  close(): Promise<void>;
}
export interface HttpSinkOptions {
  port: number;
  path: string;
  status: number;
  contentTypeOut: string;
  bodyOut: string;
  delayMs?: number;
}

/**
 * A loopback HTTP sink in a worker thread (httpSinkWorker.mjs says why); `take` gets each request
 * it accepted (answered 2xx): a request it answered with an error never arrived.
 */
export function startHttpSink(
  options: HttpSinkOptions,
  take: (contentType: string, body: Buffer) => void,
): Promise<HttpSink> {
  const worker = new Worker(new URL('./httpSinkWorker.mjs', import.meta.url), { workerData: options });
  let received = 0;
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on(
      'message',
      (m: { listening?: number; received?: true; contentType?: string; body?: Uint8Array; status?: number }) => {
        if (m.received) received++;
        else if (m.listening !== undefined) {
          resolve({
            port: m.listening,
            setStatus: (status) => worker.postMessage({ status }),
            received: () => received,
            close: () =>
              new Promise<void>((done) => {
                worker.once('exit', () => done());
                worker.postMessage('close');
              }),
          });
        } else if (m.status! >= 200 && m.status! < 300) take(m.contentType!, Buffer.from(m.body!));
      },
    );
  });
}

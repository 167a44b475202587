import { LogText } from '../../components/LogText';
import { useQuery } from '@tanstack/react-query';
import { formatBytes, formatCount, pluralize } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import type { FileRow } from '../../engine/sql/overview';
import { Link } from '../../components/Link';
import { TableDownload } from '../../components/TableDownload';
import { rejectedUrl } from '../../links/rejected';
import { useDataset } from '../../session/dataset';
import { filesOptions, type FileWithSpans } from '../../queries/overview';
import { spanKindsText, unmappedSpansText } from '../../model/session/unmapped-spans';
import { QueryState } from '../../components/QueryState';

/** The file's own size, and for a gzip file the text it held: "11.9 kB (gzip; 1.7 MB of text)". */
export function fileSize(file: Pick<FileRow, 'bytes' | 'text_bytes'>): string {
  const size = formatBytes(file.bytes);
  return file.text_bytes === null ? size : `${size} (gzip; ${formatBytes(file.text_bytes)} of text)`;
}

/** What went wrong with a file, or what of it a sampled load left out. */
export function fileProblem(file: Pick<FileRow, 'error' | 'sampled_out'>): string | null {
  const sampled = file.sampled_out ? `a sample: ${pluralize(file.sampled_out, 'record')} of other sessions left out` : null;
  return [file.error, sampled].filter(Boolean).join('; ') || null;
}

const COLUMNS: ExportColumn<FileWithSpans>[] = [
  { header: 'file', value: (file) => file.name },
  { header: 'size', value: fileSize },
  { header: 'events', value: (file) => file.events },
  { header: 'rejected', value: (file) => file.rejected },
  { header: 'warnings', value: (file) => file.warnings },
  { header: 'blank lines', value: (file) => file.blank_lines },
  { header: 'problem', value: fileProblem },
];
/** "5 document ids derived: 3 from metadata, 2 from content", or null when the file's documents all had ids. */
export function derivedIdsText(file: Pick<FileRow, 'derived_metadata_ids' | 'derived_content_ids'>): string | null {
  const metadata = file.derived_metadata_ids ?? 0;
  const content = file.derived_content_ids ?? 0;
  if (metadata + content === 0) return null;
  return `${pluralize(metadata + content, 'document id')} derived: ${formatCount(metadata)} from metadata, ${formatCount(content)} from content`;
}

/** "3 spans came after their trace was read: read apart from it", or null. */
export function lateSpansText(file: Pick<FileRow, 'late_spans'>): string | null {
  return file.late_spans ? `${pluralize(file.late_spans, 'span')} came after the rest of their trace had been read (a large file is read trace by trace): read apart from it` : null;
}

/** Shown (and downloaded) when a file held OpenTelemetry spans no event covers. */
const SPAN_COLUMNS: ExportColumn<FileWithSpans>[] = [
  { header: 'spans not mapped', value: (file) => file.spans },
  { header: 'span kinds', value: (file) => spanKindsText(file.spanKinds) },
  { header: 'document ids derived from metadata', value: (file) => file.derived_metadata_ids ?? 0 },
  { header: 'document ids derived from content', value: (file) => file.derived_content_ids ?? 0 },
  { header: 'spans read apart from their trace', value: (file) => file.late_spans ?? 0 },
];
const columnsWithSpans = [...COLUMNS.slice(0, -1), ...SPAN_COLUMNS, ...COLUMNS.slice(-1)];

export function FilesTable() {
  const files = useQuery(filesOptions(useDataset()));
  // OpenTelemetry files only: a column of dashes would say nothing about the others
  const withSpans = files.data?.some((file) => (file.spans ?? 0) > 0 || derivedIdsText(file) !== null || lateSpansText(file) !== null) ?? false;
  return (
    <>
      <header className="screen-panel-head">
        <h2>Files</h2>
        {files.data && <TableDownload name="files" columns={withSpans ? columnsWithSpans : COLUMNS} rows={files.data} />}
      </header>
      <QueryState query={files} label="the file list" />
      <table className="data" aria-label="Loaded files">
        <thead>
          <tr>
            <th>file</th><th className="num">size</th><th className="num">events</th><th className="num">rejected</th>
            <th className="num">warnings</th><th className="num">blank lines</th>{withSpans && <th>OpenTelemetry spans</th>}<th>problem</th>
          </tr>
        </thead>
        <tbody>
          {files.data?.map((file) => (
            <tr key={file.file_id}>
              <td className="mono"><LogText text={file.name} /></td>
              <td className="num" title={file.bytes === null ? undefined : `${formatCount(file.bytes)} bytes`}>{fileSize(file)}</td>
              <td className="num">{formatCount(file.events)}</td>
              <td className="num">
                {file.rejected > 0 ? <Link href={rejectedUrl.href({ file: file.name, severity: 'rejected' })}>{formatCount(file.rejected)}</Link> : 0}
              </td>
              <td className="num">
                {file.warnings > 0 ? <Link href={rejectedUrl.href({ file: file.name, severity: 'warning' })}>{formatCount(file.warnings)}</Link> : 0}
              </td>
              <td className="num">{formatCount(file.blank_lines)}</td>
              {withSpans && (
                <td className={file.spans ? undefined : 'text-soft'}>
                  {[unmappedSpansText(file.spanKinds), derivedIdsText(file), lateSpansText(file)].filter(Boolean).join('; ') || '—'}
                </td>
              )}
              <td className={file.error ? 'text-bad' : 'text-soft'}>{fileProblem(file) ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatBytes, formatCount } from '../../lib/format';
import { Link } from '../../components/Link';
import { rejectedUrl } from '../../links/rejected';
import { useDataset } from '../../queries/dataset';
import { filesOptions } from '../../queries/overview';
import { QueryState } from '../../components/QueryState';

export function FilesTable() {
  const files = useQuery(filesOptions(useDataset()));
  return (
    <>
    <QueryState query={files} label="the file list" />
    <table className="data" aria-label="Loaded files">
      <thead>
        <tr>
          <th>file</th><th className="num">size</th><th className="num">events</th><th className="num">rejected</th>
          <th className="num">warnings</th><th className="num">blank lines</th><th>problem</th>
        </tr>
      </thead>
      <tbody>
        {files.data?.map((file) => (
          <tr key={file.file_id}>
            <td className="mono">{file.name}</td>
            <td className="num">{formatBytes(file.bytes)}</td>
            <td className="num">{formatCount(file.events)}</td>
            <td className="num">
              {file.rejected > 0 ? <Link href={rejectedUrl.href({ file: file.name, severity: 'rejected' })}>{formatCount(file.rejected)}</Link> : 0}
            </td>
            <td className="num">
              {file.warnings > 0 ? <Link href={rejectedUrl.href({ file: file.name, severity: 'warning' })}>{formatCount(file.warnings)}</Link> : 0}
            </td>
            <td className="num">{formatCount(file.blank_lines)}</td>
            <td className={file.error ? 'text-bad' : 'text-soft'}>{file.error ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </>
  );
}

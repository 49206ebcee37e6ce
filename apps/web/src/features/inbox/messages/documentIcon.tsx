import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import type { MessageFileView } from '@crm/shared';
import type { ReactNode } from 'react';

/** The icon of a document card, by its type or, failing that, its name's extension. */
export function documentIcon(file: Pick<MessageFileView, 'mimeType' | 'name'>): ReactNode {
  const mime = file.mimeType ?? '';
  const name = (file.name ?? '').toLowerCase();
  const is = (mimePart: string, extensions: RegExp) => mime.includes(mimePart) || extensions.test(name);
  if (is('pdf', /\.pdf$/)) return <FilePdfOutlined />;
  if (is('word', /\.docx?$/)) return <FileWordOutlined />;
  if (is('sheet', /\.(xlsx?|csv)$/) || is('excel', /\.xls$/)) return <FileExcelOutlined />;
  if (is('presentation', /\.pptx?$/)) return <FilePptOutlined />;
  if (is('zip', /\.(zip|rar|7z)$/)) return <FileZipOutlined />;
  if (is('image/', /\.(png|jpe?g|webp|gif)$/)) return <FileImageOutlined />;
  if (is('text/', /\.txt$/)) return <FileTextOutlined />;
  return <FileOutlined />;
}

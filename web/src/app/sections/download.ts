/** Section 'download': /down. */
export { DownloadPage as default } from '../../features/download/download-page';

/** The arrow-into-tray icon of the tables' export buttons (CSV, Excel). */
export function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
      <path
        d="M8 2v8m0 0L4.5 6.5M8 10l3.5-3.5M2.5 12.5v1h11v-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Icons of the agent centre menu, drawn like src/ui/icons (24-unit grid, 1.8 stroke). Decorative. */
import { SvgIcon } from '../../../ui/svg-icon';
import type { AgentPage } from '../types';

const paths: Record<AgentPage, string> = {
  agentAnnouncement: 'M3 10v4h3l8 5V5L6 10zM18 9a4 4 0 0 1 0 6',
  agentTeamOverview: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  registerCenter: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2M17 13v8M13 17h8',
  downlineManagmentView:
    'M12 3a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM12 8v4M5 12h14M5 12v4M19 12v4M5 16a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM19 16a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  personalHistoryCopy: 'M4 6h16v12H4zM4 10h16M8 14h3',
  palStatementsAgentCopy: 'M4 20V4M4 20h16M8 15l3-4 3 2 5-6',
  agentRevenueReport:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM15 8.5c-.6-.9-1.7-1.5-3-1.5-1.9 0-3 1-3 2.3 0 3 6 1.5 6 4.5 0 1.3-1.2 2.2-3 2.2-1.4 0-2.5-.6-3.1-1.5M12 5.5V7M12 17v1.5',
  agentDownlineTransactionDetailsCopy: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  agentDividendRecordCopy2: 'M12 3v9h9A9 9 0 1 1 12 3zM15 3.5A9 9 0 0 1 20.5 9H15z',
  agentDailyWages2: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5M8 14h3',
  agentHourSalary: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  agentRealtimeSalary: 'M13 2L4 14h7l-1 8 9-12h-7z',
};

export function AgentIcon({ page, size = 20 }: { page: AgentPage; size?: number }) {
  return <SvgIcon d={paths[page]} size={size} />;
}

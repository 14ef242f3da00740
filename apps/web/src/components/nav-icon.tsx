import type SvgIcon from '@mui/material/SvgIcon';
import BusinessIcon from '@mui/icons-material/Business';
import CodeIcon from '@mui/icons-material/Code';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import InsightsIcon from '@mui/icons-material/Insights';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import NoteIcon from '@mui/icons-material/StickyNote2';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import FitnessIcon from '@mui/icons-material/FitnessCenter';
import QuizIcon from '@mui/icons-material/Quiz';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import SupportIcon from '@mui/icons-material/SupportAgent';
import TuneIcon from '@mui/icons-material/Tune';
import CircleIcon from '@mui/icons-material/Circle';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';

// packages/shared navigation names its icons with Material names; this maps them to components.
const ICONS: Record<string, typeof SvgIcon> = {
  dashboard: DashboardIcon,
  event: EventIcon,
  folder_shared: FolderSharedIcon,
  schedule: ScheduleIcon,
  mail: MailIcon,
  note: NoteIcon,
  restaurant: RestaurantIcon,
  fitness: FitnessIcon,
  quiz: QuizIcon,
  insights: InsightsIcon,
  people: PeopleIcon,
  business: BusinessIcon,
  settings: SettingsIcon,
  code: CodeIcon,
  tune: TuneIcon,
  support: SupportIcon,
  receipt: ReceiptIcon,
  contacts: ContactsIcon,
  person: PersonIcon,
  logout: LogoutIcon,
  login: LoginIcon,
  person_add: PersonAddIcon,
};

export function NavIcon({ name, fontSize = 'small' }: { name: string; fontSize?: 'small' | 'medium' }) {
  const Icon = ICONS[name] ?? CircleIcon;
  return <Icon fontSize={fontSize} />;
}

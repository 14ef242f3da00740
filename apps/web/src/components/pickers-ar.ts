import type { PickersLocaleText } from '@mui/x-date-pickers/locales';

// MUI X ships no Arabic texts for its pickers: an Arabic reader saw « Cancel », « OK » and « Choose
// date » in English. These are ours, in the shape of MUI X's own locales (locales/frFR). The field's
// section placeholders stay Latin (DD/MM/YYYY): the dates themselves are written with Western digits,
// left to right (SPEC §1).

const VIEWS: Record<string, string> = { hours: 'الساعات', minutes: 'الدقائق', seconds: 'الثواني', meridiem: 'صباحًا/مساءً' };
const viewName = (view: string) => VIEWS[view] ?? view;

/** 1 ساعة, 2 ساعتان, 3–10 ساعات, 11+ ساعة: Arabic counts agree with their number. */
function counted(n: string, one: string, two: string, few: string): string {
  const v = Number(n);
  if (v === 2) return `${n} ${two}`;
  return `${n} ${v >= 3 && v <= 10 ? few : one}`;
}

export const arPickers: Partial<PickersLocaleText> = {
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  openPreviousView: 'فتح العرض السابق',
  openNextView: 'فتح العرض التالي',
  calendarViewSwitchingButtonAriaLabel: (view) => (view === 'year' ? 'عرض السنوات مفتوح، الانتقال إلى عرض التقويم' : 'عرض التقويم مفتوح، الانتقال إلى عرض السنوات'),
  start: 'البداية',
  end: 'النهاية',
  startDate: 'تاريخ البداية',
  startTime: 'وقت البداية',
  endDate: 'تاريخ النهاية',
  endTime: 'وقت النهاية',
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  nextStepButtonLabel: 'التالي',
  datePickerToolbarTitle: 'اختيار تاريخ',
  dateTimePickerToolbarTitle: 'اختيار التاريخ والوقت',
  timePickerToolbarTitle: 'اختيار الوقت',
  dateRangePickerToolbarTitle: 'اختيار فترة',
  timeRangePickerToolbarTitle: 'اختيار فترة زمنية',
  clockLabelText: (view, formattedTime) => `اختيار ${viewName(view)}. ${formattedTime ? `الوقت المختار هو ${formattedTime}` : 'لم يُختر أي وقت'}`,
  hoursClockNumberText: (hours) => counted(hours, 'ساعة', 'ساعتان', 'ساعات'),
  minutesClockNumberText: (minutes) => counted(minutes, 'دقيقة', 'دقيقتان', 'دقائق'),
  secondsClockNumberText: (seconds) => counted(seconds, 'ثانية', 'ثانيتان', 'ثوانٍ'),
  selectViewText: (view) => `اختيار ${viewName(view)}`,
  calendarWeekNumberHeaderLabel: 'رقم الأسبوع',
  calendarWeekNumberHeaderText: '#',
  calendarWeekNumberAriaLabelText: (weekNumber) => `الأسبوع ${weekNumber}`,
  calendarWeekNumberText: (weekNumber) => `${weekNumber}`,
  openDatePickerDialogue: (formattedDate) => (formattedDate ? `اختيار التاريخ، التاريخ المختار هو ${formattedDate}` : 'اختيار التاريخ'),
  openTimePickerDialogue: (formattedTime) => (formattedTime ? `اختيار الوقت، الوقت المختار هو ${formattedTime}` : 'اختيار الوقت'),
  openRangePickerDialogue: (formattedRange) => (formattedRange ? `اختيار الفترة، الفترة المختارة هي ${formattedRange}` : 'اختيار الفترة'),
  fieldClearLabel: 'مسح القيمة',
  timeTableLabel: 'اختيار الوقت',
  dateTableLabel: 'اختيار التاريخ',
  fieldYearPlaceholder: (params) => 'Y'.repeat(params.digitAmount),
  fieldMonthPlaceholder: (params) => (params.contentType === 'letter' ? 'MMMM' : 'MM'),
  fieldDayPlaceholder: () => 'DD',
  fieldWeekDayPlaceholder: (params) => (params.contentType === 'letter' ? 'EEEE' : 'EE'),
  fieldHoursPlaceholder: () => 'hh',
  fieldMinutesPlaceholder: () => 'mm',
  fieldSecondsPlaceholder: () => 'ss',
  fieldMeridiemPlaceholder: () => 'aa',
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  weekDay: 'يوم الأسبوع',
  hours: 'الساعات',
  minutes: 'الدقائق',
  seconds: 'الثواني',
  meridiem: 'صباحًا/مساءً',
  empty: 'فارغ',
};

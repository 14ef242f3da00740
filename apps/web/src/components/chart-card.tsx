import { Box, Button, Card, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import BarChartIcon from '@mui/icons-material/BarChart';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart of /statistics: a title, the chart with an `aria-label` summary, a toggle to its data
 * table (the accessible alternative, also what prints) and a CSV export of that table.
 */
export function ChartCard({ title, summary, chart, table, onExport, testId }: { title: string; summary: string; chart: ReactNode; table: ChartTable; onExport: () => void; testId: string }) {
  const { t } = useTranslation('statistics');
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const empty = table.rows.length === 0;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%', breakInside: 'avoid' }} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, displayPrint: 'none' }}>
            <Button size="small" variant="text" aria-pressed={showTable} startIcon={showTable ? <BarChartIcon /> : <TableChartIcon />} onClick={() => setShowTable((v) => !v)} disabled={empty}>
              {showTable ? t('showChart') : t('showTable')}
            </Button>
            <Button size="small" variant="text" startIcon={<DownloadIcon />} onClick={onExport} aria-label={t('exportOf', { title })}>
              {t('export')}
            </Button>
          </Box>
        </Box>
        {empty ? (
          <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('empty')}
          </Typography>
        ) : (
          <>
            <Box role="img" aria-label={summary} sx={{ width: '100%', height: 260, display: showTable ? 'none' : 'block', '@media print': { display: 'none' } }}>
              {chart}
            </Box>
            <TableContainer sx={{ display: showTable ? 'block' : 'none', '@media print': { display: 'block' }, maxHeight: 320 }}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    {table.columns.map((c) => (
                      <TableCell key={c} component="th" scope="col">
                        {c}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {table.rows.map((row, i) => (
                    <TableRow key={i}>
                      {row.map((cell, j) => (
                        <TableCell key={j} component={j === 0 ? 'th' : 'td'} scope={j === 0 ? 'row' : undefined}>
                          {cell}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </CardContent>
    </Card>
  );
}

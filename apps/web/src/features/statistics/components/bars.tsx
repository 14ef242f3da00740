import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export function Bars({ data, name, colour, vertical = false }: { data: { label: string; value: number }[]; name: string; colour: string; vertical?: boolean }) {
  return (
    <ResponsiveContainer>
      {vertical ? (
        <BarChart data={data} layout="vertical" margin={{ left: 24 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={140} />
          <Tooltip />
          <Bar dataKey="value" name={name} fill={colour} />
        </BarChart>
      ) : (
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="value" name={name} fill={colour} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}

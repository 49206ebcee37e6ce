import { IMPORT_TEMPLATE_HEADERS } from '@crm/shared';

// Two filled rows under the template's headings, plus one data-sheet field ('Ciudad') to show where custom fields go.
const HEADERS = [...IMPORT_TEMPLATE_HEADERS, 'Ciudad'];
const ROWS = [
  ['María', 'García', '5215512345678', 'Cliente nuevo, VIP', 'ana@empresa.com', 'CDMX'],
  ['Lucas', 'Fernández', '5491123456789', 'Promoción', '', 'Buenos Aires'],
];
const COLUMN_LETTERS = 'ABCDEFGHIJ';

/** 02 §2 instructions dialog: the example picture, drawn as the spreadsheet a person would fill in. */
export function ImportExample() {
  return (
    <figure className="contacts-import-example" aria-label="Ejemplo de archivo">
      <div className="contacts-import-example-scroll">
        <table>
          <thead>
            <tr>
              <th className="contacts-import-example-corner" aria-hidden />
              {HEADERS.map((_, i) => (
                <th key={COLUMN_LETTERS[i]} className="contacts-import-example-letter" aria-hidden>
                  {COLUMN_LETTERS[i]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="contacts-import-example-headings">
              <th className="contacts-import-example-number">1</th>
              {HEADERS.map((heading) => (
                <td key={heading}>{heading}</td>
              ))}
            </tr>
            {ROWS.map((row, r) => (
              <tr key={row[2]}>
                <th className="contacts-import-example-number">{r + 2}</th>
                {row.map((value, c) => (
                  <td key={HEADERS[c]}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption>Ejemplo de archivo: una fila de encabezados y un contacto por fila.</figcaption>
    </figure>
  );
}

"""Read: spreadsheets (.xlsx, as Excel, LibreOffice, Google Sheets and Microsoft CMT's export save them).  Each
sheet whose first row names an abstract column is a table, read as a CSV's rows are (structured.py's columns);
a record's line is its row's number in the sheet.

openpyxl reads the workbook (its XML through defusedxml, which it uses when installed); the archive's unpacked
size is checked first, so that a small file cannot unpack into gigabytes."""
from __future__ import annotations

import io
import zipfile
from datetime import date, datetime
from pathlib import Path

from .model import Issue, ReadResult
from .structured import has_abstract, header_read, semicolon_names, table_row
from .venues import collection_name

MAX_UNPACKED = 512 << 20  # bytes: far above 20,000 abstracts' sheet (~60 MB), far below a zip bomb's


def _cell(value) -> str:
    """A cell as text: a whole number without ".0", a date as ISO 8601, nothing as ""."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return str(value)


def open_archive(data: bytes) -> zipfile.ZipFile:
    """The zip archive of a workbook or a document, refused (ValueError) where it would unpack into more than
    MAX_UNPACKED bytes: a small file must not unpack into gigabytes."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    unpacked = sum(info.file_size for info in archive.infolist())
    if unpacked > MAX_UNPACKED:
        archive.close()
        raise ValueError(f"it unpacks into {unpacked:,} bytes, more than {MAX_UNPACKED:,}")
    return archive


def read_workbook(data: bytes, name: str, result: ReadResult) -> None:
    """Every sheet with an abstract column (see the module's docstring); a sheet without one is said in a note,
    a workbook without any is an error."""
    import openpyxl  # (only where there is a workbook)

    try:
        open_archive(data).close()
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - zipfile's, openpyxl's or the size's: said, the file not read
        result.issues.append(Issue("error", name, 1, f"not an .xlsx workbook that can be read ({type(exc).__name__}: "
                                   f"{exc}); not read: save it again as .xlsx or .csv"))
        result.files_not_read.append(name)
        return
    default, read, count = collection_name("", Path(name).stem), 0, 0
    try:
        for sheet in book.worksheets:
            try:  # (a read-only workbook reads a sheet's XML as its rows are asked for)
                rows = [(k, [_cell(v) for v in values]) for k, values in enumerate(sheet.iter_rows(values_only=True), 1)]
            except Exception as exc:  # noqa: BLE001 - the sheet's XML broken: said, the sheet not read
                result.issues.append(Issue("error", name, 1, f"sheet {sheet.title!r} cannot be read "
                                           f"({type(exc).__name__}: {exc}); not read: save the workbook again"))
                read += 1  # (it may hold abstracts: not a workbook without any)
                continue
            filled = [(k, cells) for k, cells in rows if any(c.strip() for c in cells)]  # (an empty row: no record)
            if not filled or not has_abstract(filled[0][1]):
                if filled:
                    result.issues.append(Issue("info", name, filled[0][0], f"sheet {sheet.title!r}: no abstract "
                                               "column in its first row; not read"))
                continue
            (top, header), filled, unnamed = filled[0], filled[1:], []
            read += 1
            header_read(header, name, top, result)  # (it names an abstract column: the unread ones said)
            semicolons = semicolon_names(dict(zip(header, cells)) for _, cells in filled)
            for k, cells in filled:
                count += 1
                if any(c.strip() for j, c in enumerate(cells) if j >= len(header) or not header[j].strip()):
                    unnamed.append(k)
                table_row(dict(zip(header, cells)), name, k, default, result, semicolons)
            if unnamed:
                result.issues.append(Issue("warning", name, unnamed[0], f"sheet {sheet.title!r}: {len(unnamed)} "
                                           + ("row has" if len(unnamed) == 1 else "rows have") + " cells in columns "
                                           "the first row does not name; those cells are not read"))
    finally:
        book.close()
    if not read:
        result.issues.append(Issue("error", name, 1, "no sheet with an abstract column (its first row naming one of "
                                   "abstract, summary, text, ...); not read"))
        result.files_not_read.append(name)
    result.paragraphs[name] = count

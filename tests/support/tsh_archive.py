"""A tsh archive read independently of the product (director.files.tsh_config): its config
lines and each file between ``#begin_file name=F`` and ``#end_file name=F``, as tsh's archive
format has them. For tests that download an archive and read it back."""
from __future__ import annotations


def archive_files(text: str) -> tuple[list[str], dict[str, str]]:
    """The archive's config lines, and each file's text by its name."""
    config, files, inside = [], {}, None
    for line in text.split("\n")[:-1]:
        if line.startswith("#begin_file name="):
            inside = line.split("=", 1)[1]
            files[inside] = ""
        elif line.startswith("#end_file"):
            inside = None
        elif inside:
            files[inside] += line + "\n"
        else:
            config.append(line)
    return config, files

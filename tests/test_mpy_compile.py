"""Compile check: every .py under firmware/ and boards/ compiles with mpy-cross for the RP2040."""
import os

import pytest

import conftest
from host_tools import mpy_compile

SOURCES = mpy_compile.device_sources()


@pytest.mark.parametrize("src", SOURCES)
def test_compiles_for_rp2040(src, tmp_path):
    err = mpy_compile.compile_file(os.path.join(conftest.ROOT, src), str(tmp_path / "out.mpy"))
    assert err is None, err
    assert (tmp_path / "out.mpy").stat().st_size > 0

"""
The variants that ship with maumau, each a plugin module found through the
``maumau.variants`` entry points, exactly as a third-party variant would be.
"""

; The casino's Windows installer. packaging/build.py compiles it with makensis and these defines:
;   VERSION     the program's version (pyproject.toml), e.g. 0.1.0
;   VERSION_QUAD    the same as four numbers, as Windows wants it, e.g. 0.1.0.0
;   APP_NAME    what the player sees: the Start-menu and desktop shortcuts, Apps & features
;   EXE_NAME    the frozen program in the payload, e.g. casino-gui.exe
;   PAYLOAD     the PyInstaller one-folder bundle to install (every file under it)
;   ICON        the .ico made from resources/casino-gui.svg
;   PUBLISHER   the authors named in pyproject.toml
;   UNINSTALL_KEY   the key of the entry in Apps & features
;   OUTFILE     the setup .exe to write
;
; It installs for the current user (no administrator rights needed) under
; %LOCALAPPDATA%\Programs\<APP_NAME>. The player's bankroll lives elsewhere
; (%LOCALAPPDATA%\casino_gui): the uninstaller leaves it, so reinstalling keeps the money.

!macro REQUIRE NAME
  !ifndef ${NAME}
    !error "${NAME} is not defined: build.py passes it as /D${NAME}=..."
  !endif
!macroend
!insertmacro REQUIRE VERSION
!insertmacro REQUIRE VERSION_QUAD
!insertmacro REQUIRE APP_NAME
!insertmacro REQUIRE EXE_NAME
!insertmacro REQUIRE PAYLOAD
!insertmacro REQUIRE ICON
!insertmacro REQUIRE PUBLISHER
!insertmacro REQUIRE UNINSTALL_KEY
!insertmacro REQUIRE OUTFILE

Unicode true
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!include "MUI2.nsh"
!include "FileFunc.nsh"

Name "${APP_NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VERSION_QUAD}"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} setup"
VIAddVersionKey /LANG=1033 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "${PUBLISHER}"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE_NAME}"
!define MUI_FINISHPAGE_RUN_TEXT "Open the casino"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "${APP_NAME}" SectionProgram
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An older version's libraries must not linger beside the new ones.
  RMDir /r "$INSTDIR\_internal"
  File /r "${PAYLOAD}\*.*"
  File "/oname=$INSTDIR\${APP_NAME}.ico" "${ICON}"

  WriteUninstaller "$INSTDIR\Uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${EXE_NAME}" "" "$INSTDIR\${APP_NAME}.ico" 0
  CreateShortcut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\${EXE_NAME}" "" "$INSTDIR\${APP_NAME}.ico" 0

  !define UNINSTALL_REG "Software\Microsoft\Windows\CurrentVersion\Uninstall\${UNINSTALL_KEY}"
  WriteRegStr HKCU "${UNINSTALL_REG}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_REG}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_REG}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_REG}" "DisplayIcon" "$INSTDIR\${APP_NAME}.ico"
  WriteRegStr HKCU "${UNINSTALL_REG}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_REG}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_REG}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_REG}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_REG}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_REG}" "EstimatedSize" "$0"
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  Delete "$DESKTOP\${APP_NAME}.lnk"
  ; The program's own folder only: the bankroll in %LOCALAPPDATA%\casino_gui stays.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE_NAME}"
  Delete "$INSTDIR\${APP_NAME}.ico"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\${UNINSTALL_KEY}"
SectionEnd
